"""Policy memory: document readers, ingest into policy pages, change events."""
