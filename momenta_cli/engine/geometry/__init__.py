"""The battlefield's geometry (ch19 movement, ch20 sight and cover, R31-R36): the board
and its squares, paths, line of sight, cover and areas. Pure and typed: no state, no
events; the rules modules ask it questions about squares."""
