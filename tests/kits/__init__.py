"""Kits every suite may import (engine, web, e2e): the facts copy, card and map setups,
saved games to start from. No suite imports another suite's files."""
