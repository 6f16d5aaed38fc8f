"""The DSL grammar, installed as package data."""
