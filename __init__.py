"""mem: a memory people can trust for a customer-facing AI agent.

The repository root is the ``mem`` package (``package-dir = {"mem" = "."}`` in pyproject.toml), so
each top-level folder is one concept of the domain: ``mem.wiki``, ``mem.customers`` and so on.
See docs/architecture.md.
"""

__version__ = "0.1.0"
