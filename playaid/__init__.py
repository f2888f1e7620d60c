"""playaid: print-and-play aids for six small indie role-playing games."""

__version__ = "0.1.0"
