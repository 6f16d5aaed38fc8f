"""The base tile set sources, installed as package data."""
