"""Everything one customer owns, on the client: request log, facts, context, traits, consent, backup."""
