def render(doc, draft=False):  # expect: boolean-flag-parameter
    return doc.title if draft else doc.body


def save(self, path, overwrite: bool = True):  # expect: boolean-flag-parameter
    return path, overwrite
