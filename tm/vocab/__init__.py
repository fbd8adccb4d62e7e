"""tm/vocab"""
