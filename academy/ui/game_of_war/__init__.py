"""The Game of War pages: board, play model, Play tab."""
