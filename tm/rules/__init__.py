"""tm/rules"""
