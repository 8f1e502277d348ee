from django.core.exceptions import PermissionDenied


def delete_user(request, user_id):
    if not request.user.is_staff:
        raise PermissionDenied
    User.objects.filter(pk=user_id).delete()


def ratio(total, part):
    assert total > 0, "total must be positive"
    return part / total
