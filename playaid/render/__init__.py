"""Renderers: turn what the rules core computed into PDFs, SVGs and PNGs.

Nothing here decides a rule. `html` renders Jinja2 templates with WeasyPrint (sheets,
handouts, packets); the drawing modules use ReportLab (cards, die nets, maps); `fonts`
and `paper` are shared by both.
"""
