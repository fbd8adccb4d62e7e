"""tm/expansions/base"""
