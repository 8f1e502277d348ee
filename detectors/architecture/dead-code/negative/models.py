class Model:
    # Reached only through `partialmethod` in fields.py: a mention in another file.
    def _get_next_or_previous(self, field, is_next):
        return field if is_next else None
