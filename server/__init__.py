"""`mem serve`: signed bundles, backup vault, evidence store, intake of shared decision facts."""
