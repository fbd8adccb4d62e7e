"""tm/prompts"""
