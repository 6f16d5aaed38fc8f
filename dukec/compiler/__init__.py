"""The compiler: .duke sources to a validated JSON tile set."""
