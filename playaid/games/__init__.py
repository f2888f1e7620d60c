"""The built-in games, one folder each, shaped like an add-on."""
