"""The ``mem`` command line: parsing and printing only; every command calls a library function."""
