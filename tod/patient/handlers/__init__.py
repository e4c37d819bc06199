"""Answer handlers of the record policy: one module per kind of answer, and what they share."""
