# Import-only stand-in (see ../ccmlib/__init__.py).
