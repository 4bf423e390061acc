"""The commands: arguments in, one call into the library, files and terminal out."""
