# Stand-in for the Allure report library, which the suite's root conftest only uses to tag skipped tests in its
# reports. Debian does not package it; nothing here affects a test's outcome.
class _Dynamic:
    def tag(self, *args, **kwargs):
        pass

    def label(self, *args, **kwargs):
        pass


dynamic = _Dynamic()
