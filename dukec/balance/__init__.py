"""Balance checking: many seeded games between two armies, with honest statistics."""
