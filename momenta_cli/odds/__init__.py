"""Exact odds of a Momenta attack (issue 14): the distribution of net successes (R1-R3,
R5, R7) and what each outcome does to the target (R9-R11, ch20 Attacking), counted over
every die outcome, never sampled.

``dice`` holds the dice arithmetic, ``table`` turns it into the damage table through the
engine's own damage functions, ``preview`` reads an attack off a fight the way the
engine does. Pure: no printing, files, Typer or Rich.
"""
