"""tm/linkplay"""
