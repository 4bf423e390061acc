"""The catalog of named word lists (installed as the package `cardgen.catalog_data`)."""
