"""What no game owns: the engine protocol, errors, chance, records, JSON, names, conformance.

Imports nothing else from the academy package (dependencies flow one way).
"""
