"""tm/board"""
