# Import-only stand-in for ccmlib: the suite imports it at load time; with USE_CASS_EXTERNAL=1 it never calls it.
