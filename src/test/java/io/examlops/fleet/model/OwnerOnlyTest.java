package io.examlops.fleet.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;

class OwnerOnlyTest {
  @Test
  void anyPermissionOfTheGroupOrOthersOpensTheFile() {
    assertThat(OwnerOnly.opensToOthers(OwnerOnly.FILE)).isFalse();
    assertThat(OwnerOnly.opensToOthers(OwnerOnly.EXECUTABLE)).isFalse();
    for (String mode : new String[] {"rw-r-----", "rw----r--", "rw-----w-", "rwx-----x"}) {
      assertThat(OwnerOnly.opensToOthers(PosixFilePermissions.fromString(mode))).as(mode).isTrue();
    }
  }

  @Test
  void newFilesAndDirectoriesAreTheOwnersOnly() {
    assertThat(PosixFilePermissions.toString(OwnerOnly.FILE)).isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(OwnerOnly.EXECUTABLE)).isEqualTo("rwx------");
  }
}
