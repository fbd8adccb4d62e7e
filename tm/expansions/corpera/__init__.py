"""tm/expansions/corpera"""
