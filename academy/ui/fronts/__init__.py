"""The Fronts pages: board, play model, play tab."""
