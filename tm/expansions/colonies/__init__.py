"""tm/expansions/colonies"""
