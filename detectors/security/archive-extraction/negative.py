import shutil
import tarfile
import zipfile


def unpack(upload, target):
    with tarfile.open(upload) as tar:
        tar.extractall(target, filter="data")


def unzip(upload, target):
    with zipfile.ZipFile(upload) as archive:
        archive.extractall(target)


def years(frame):
    return frame["date"].str.extract(r"(\d{4})")


def checked_members(members):
    for member in members:
        if member.name.startswith("/") or ".." in member.name:
            raise ValueError(member.name)
        yield member


def unpack_checked(upload, target):
    with tarfile.open(upload) as tar:
        tar.extractall(target, members=checked_members(tar))


def unpack_known(path, target):
    shutil.unpack_archive("vendor/assets.tar.gz", target)
    shutil.unpack_archive(path, target, filter="data")


def unpack_saved_zip(request):
    request.files["archive"].save("/tmp/upload.zip")
    shutil.unpack_archive("/tmp/upload.zip", "/srv/out")


def unpack_saved_filtered(request):
    request.files["archive"].save("/tmp/upload.tar")
    shutil.unpack_archive("/tmp/upload.tar", "/srv/out", filter="data")
