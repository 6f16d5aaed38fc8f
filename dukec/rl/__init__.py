"""Reinforcement-learning adapters: a fixed action space per game set, PettingZoo and OpenSpiel."""
