# Import-only stand-in (see __init__.py).
class ClusterFactory: pass
