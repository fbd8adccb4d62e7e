"""tm/persist"""
