"""CRAFT-MD source material: real LLM-doctor consultations and their ids (read at run time)."""
