package io.examlops.fleet.registry;

import com.fasterxml.jackson.core.JsonLocation;
import io.examlops.fleet.model.Printable;

/**
 * A value read from platform.db that no version of exa writes (JSON that does not read back as what
 * was written). Thrown while a row is read; {@link PlatformDb} reports it as the store's damage,
 * naming its file and a fix ({@link StoreFailures#damagedValue}).
 */
final class DamagedValueException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  DamagedValueException(String message) {
    super(message);
  }

  /**
   * A JSON column that is not what exa writes there, and where it stops being so ({@code at}: none
   * when unknown), without the Java types a parser names: both readers of the JSON columns ({@link
   * RegistryJson}, {@link JsonCursor}) say it in these words.
   */
  static DamagedValueException json(String json, JsonLocation at) {
    String shown = json.length() > 40 ? json.substring(0, 40) + "..." : json;
    return new DamagedValueException(
        "the JSON "
            + Printable.quoted(shown)
            + " is not what exa writes there"
            + (at == null
                ? ""
                : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
  }
}
