def f():
    result = compute()
    _ignored = compute()
    return result


def make_model():
    class Meta:
        app_label = "shop"
        ordering = ["name"]

    def label():
        text = "x"
        return text

    total = 0

    def add(n):
        return total + n

    return Meta, label, add


def rebuild(model):
    MyInt = int
    model.annotation = "Final[MyInt]"
    return model


def kept_on_purpose():
    marker = object()  # noqa: F841
    return 1


def report():
    # Shown in the exception report, read by nobody else.
    sauce = "".join(["w", "o", "r"])  # NOQA
    raise ValueError("boom")
