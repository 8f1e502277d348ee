def label(value):
    if value is None:
        return "-"
    return str(value)


def active(session, User):
    return session.query(User).filter(User.deleted_at == None)
