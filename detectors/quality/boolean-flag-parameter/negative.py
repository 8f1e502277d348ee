def render(doc, *, draft=False):
    return doc.title if draft else doc.body


def set_visible(self, visible=True):
    self.visible = visible


def limit(values, count=10):
    return values[:count]
