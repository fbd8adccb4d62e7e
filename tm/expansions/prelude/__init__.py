"""tm/expansions/prelude"""
