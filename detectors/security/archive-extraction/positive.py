import shutil
import tarfile


def unpack(upload, target):
    with tarfile.open(upload) as tar:
        tar.extractall(target)  # expect: archive-extraction


def one(upload, member, target):
    with tarfile.open(upload) as tar:
        tar.extract(member, target)  # expect: archive-extraction


def unpack_upload(path, target):
    shutil.unpack_archive(path, target)  # audit: archive-extraction


def unpack_saved_upload(request):
    request.files["archive"].save("/tmp/upload.tar")
    shutil.unpack_archive("/tmp/upload.tar", "/srv/out")  # expect: archive-extraction
