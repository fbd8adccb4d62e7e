"""tm/core"""
