package io.examlops.fleet.registry;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.FromStringDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.examlops.fleet.model.SchedulerKind;

/** JSON columns of platform.db (capabilities, GPU groups, lists, audit details). */
final class RegistryJson {
  // Unknown properties are ignored so that rows written by a newer version still read.
  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .registerModule(schedulerKinds());

  private RegistryJson() {}

  /** Stored as {@code "SLURM"}, as rows written when the kinds were a closed enum hold them. */
  private static SimpleModule schedulerKinds() {
    return new SimpleModule("scheduler-kinds")
        .addSerializer(SchedulerKind.class, ToStringSerializer.instance)
        .addDeserializer(
            SchedulerKind.class,
            new FromStringDeserializer<SchedulerKind>(SchedulerKind.class) {
              @Override
              protected SchedulerKind _deserialize(String value, DeserializationContext context) {
                return SchedulerKind.parse(value);
              }
            });
  }

  static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON for " + value.getClass(), e);
    }
  }

  static <T> T read(String json, Class<T> type) {
    try {
      return MAPPER.readValue(json, type);
    } catch (JsonProcessingException e) {
      throw unreadable(json, e);
    }
  }

  static <T> T read(String json, TypeReference<T> type) {
    try {
      return MAPPER.readValue(json, type);
    } catch (JsonProcessingException e) {
      throw unreadable(json, e);
    }
  }

  /** Where the JSON stops being what exa writes, without the Java types Jackson names. */
  private static DamagedValueException unreadable(String json, JsonProcessingException e) {
    return DamagedValueException.json(json, e.getLocation());
  }
}
