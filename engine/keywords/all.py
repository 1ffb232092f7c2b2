"""Imports every keyword module so that each registers its hooks and compilers."""
