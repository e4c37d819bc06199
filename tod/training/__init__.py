"""Training data and training code for the doctor-turn NLU."""
