"""Jinja2 templates of cardgen's text formats (installed as the package `cardgen.templates`)."""
