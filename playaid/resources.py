"""Where the package's own files are: templates, fonts, data tables and bundled examples.

They ship inside the package (a wheel carries them as package data), so every module finds
them here, through importlib.resources, and never relative to a source checkout.
"""
from importlib.resources import files
from pathlib import Path

# A regular package installed as files (wheel, sdist or editable) resolves to a real
# folder; WeasyPrint and ReportLab need real paths for fonts and base URLs.
PACKAGE = Path(str(files(__package__)))
TEMPLATES = PACKAGE / "templates"
ASSETS = PACKAGE / "assets"
DATA = ASSETS / "data"
FONTS = ASSETS / "fonts"
