"""PyInstaller entry point for the frozen app: the same as ``python -m desktop`` / ``qilu-cards``."""

import sys

from desktop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
