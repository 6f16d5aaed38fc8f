"""JSON Schemas, installed as package data."""
