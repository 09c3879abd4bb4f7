import os


def setup(version, verbose=False):
    """ccm would fetch and build `version`; every version is the running server's (the install dir of run.sh)."""
    return os.environ["DTEST_INSTALL_DIR"], version
